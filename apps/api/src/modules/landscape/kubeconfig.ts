import type { KubernetesClusterAccess } from './landscape.source.ts';

/** A YAML scalar: JSON's double-quoted strings are valid YAML and escape everything that needs it. */
const q = (value: string) => JSON.stringify(value);

/**
 * The kubeconfig of DESIGN.md §8: the cluster's API endpoint and CA, and a user that signs in through the
 * portal's OIDC issuer with the kubelogin exec plugin (`kubectl oidc-login get-token`, PKCE, public
 * client). The file holds no secret: kubelogin obtains and caches the tokens on the user's machine.
 */
export function kubeconfigYaml(
  cluster: Pick<KubernetesClusterAccess, 'name' | 'api_endpoint' | 'ca_certificate'>,
  oidc: { issuer: string; clientId: string },
): string {
  const user = `oidc@${cluster.name}`;
  const ca = Buffer.from(cluster.ca_certificate, 'utf8').toString('base64');
  return `apiVersion: v1
kind: Config
preferences: {}
clusters:
  - name: ${q(cluster.name)}
    cluster:
      server: ${q(cluster.api_endpoint)}
      certificate-authority-data: ${q(ca)}
contexts:
  - name: ${q(cluster.name)}
    context:
      cluster: ${q(cluster.name)}
      user: ${q(user)}
current-context: ${q(cluster.name)}
users:
  - name: ${q(user)}
    user:
      exec:
        apiVersion: client.authentication.k8s.io/v1
        command: kubectl
        args:
          - oidc-login
          - get-token
          - ${q(`--oidc-issuer-url=${oidc.issuer}`)}
          - ${q(`--oidc-client-id=${oidc.clientId}`)}
          - --oidc-use-pkce
          - --oidc-extra-scope=email
          - --oidc-extra-scope=profile
        interactiveMode: IfAvailable
        provideClusterInfo: false
`;
}
