import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, fileOf } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

/** GET kubernetes-clusters/{id}/kubeconfig with the bearer token, saved as the file the API names. */
export function useDownloadKubeconfig(customerId: number) {
  const { api } = useSession();
  return useMutation<void, ApiError | Error, { clusterId: number; name: string }>({
    mutationFn: async ({ clusterId, name }) => {
      const { blob, fileName } = await fileOf(
        api.GET('/api/v2/customer/{customer_id}/kubernetes-clusters/{cluster_id}/kubeconfig', {
          params: { path: { customer_id: customerId, cluster_id: clusterId } },
          headers: { accept: '*/*' },
          parseAs: 'blob',
        }),
      );
      saveBlob(blob, fileName ?? `${name}.kubeconfig.yaml`);
    },
  });
}
