import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { saveBlob } from '../../tickets/utils/save-blob.ts';

/** GET kubernetes-clusters/{id}/kubeconfig with the bearer token, saved as the file the API names. */
export function useDownloadKubeconfig(customerId: number) {
  const { api } = useSession();
  return useMutation<void, ApiError | Error, { clusterId: number; name: string }>({
    mutationFn: async ({ clusterId, name }) => {
      const { blob, fileName } = await api.download({
        operation: 'downloadKubeconfig',
        path: '/api/v2/customer/{customer_id}/kubernetes-clusters/{cluster_id}/kubeconfig',
        params: { customer_id: customerId, cluster_id: clusterId },
      });
      saveBlob(blob, fileName ?? `${name}.kubeconfig.yaml`);
    },
  });
}
