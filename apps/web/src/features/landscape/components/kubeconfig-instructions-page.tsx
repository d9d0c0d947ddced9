import { ActionIcon, Anchor, Card, CopyButton, List, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { Icon } from '../../tickets/components/icons.tsx';
import ticketClasses from '../../tickets/components/tickets.module.css';
import { landscapeQueries } from '../api/landscape-queries.ts';
import classes from './landscape.module.css';

const systems = ['linux', 'macos', 'windows'] as const;
type System = (typeof systems)[number];

/** The commands per operating system; {{file}} is the kubeconfig's file name. */
const commands: Record<System, { kubectl: string[]; kubelogin: string[]; use: string[] }> = {
  linux: {
    kubectl: [
      'curl -LO "https://dl.k8s.io/release/$(curl -Ls https://dl.k8s.io/release/stable.txt)/bin/linux/amd64/kubectl"',
      'sudo install -o root -g root -m 0755 kubectl /usr/local/bin/kubectl',
    ],
    kubelogin: [
      'curl -LO https://github.com/int128/kubelogin/releases/latest/download/kubelogin_linux_amd64.zip',
      'unzip kubelogin_linux_amd64.zip kubelogin',
      'sudo install -m 0755 kubelogin /usr/local/bin/kubectl-oidc_login',
    ],
    use: [
      'mkdir -p ~/.kube',
      'mv ~/Downloads/{{file}} ~/.kube/',
      'export KUBECONFIG=~/.kube/{{file}}',
      'kubectl get nodes',
    ],
  },
  macos: {
    kubectl: ['brew install kubectl'],
    kubelogin: ['brew install kubelogin'],
    use: [
      'mkdir -p ~/.kube',
      'mv ~/Downloads/{{file}} ~/.kube/',
      'export KUBECONFIG=~/.kube/{{file}}',
      'kubectl get nodes',
    ],
  },
  windows: {
    kubectl: ['winget install -e --id Kubernetes.kubectl'],
    kubelogin: ['choco install kubelogin'],
    use: [
      'New-Item -ItemType Directory -Force "$HOME\\.kube"',
      'Move-Item "$HOME\\Downloads\\{{file}}" "$HOME\\.kube\\"',
      '$env:KUBECONFIG = "$HOME\\.kube\\{{file}}"',
      'kubectl get nodes',
    ],
  },
};

function Command({ lines, file }: { lines: string[]; file: string }) {
  const { t } = useTranslation('kubernetes');
  const text = lines.map((line) => line.replaceAll('{{file}}', file)).join('\n');
  return (
    <div className={classes.code}>
      <pre>
        <code>{text}</code>
      </pre>
      <CopyButton value={text} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip
            label={copied ? t('instructions.copied') : t('instructions.copy')}
            withArrow
            position="left"
          >
            <ActionIcon
              variant="default"
              onClick={copy}
              aria-label={copied ? t('instructions.copied') : t('instructions.copy')}
              className={classes.copy}
              size="lg"
            >
              <Icon name={copied ? 'check' : 'copy'} />
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </div>
  );
}

/** How to install kubectl and kubelogin and use a downloaded kubeconfig, per operating system. */
export function KubeconfigInstructionsPage({ clusterId }: { clusterId: number | undefined }) {
  const { t } = useTranslation('kubernetes');
  const { api } = useSession();
  const selected = useSelectedCustomer();
  const cluster = useQuery({
    ...landscapeQueries.object(api, selected?.id ?? 0, `kubernetes-clusters/${clusterId ?? 0}`),
    enabled: selected !== undefined && clusterId !== undefined,
    retry: false,
  });
  const name = cluster.data?.object.name;
  const file = name ? `${name}.kubeconfig.yaml` : 'cluster.kubeconfig.yaml';
  return (
    <Stack gap="lg" maw={880}>
      {clusterId !== undefined && name ? (
        <Anchor
          renderRoot={(props) => (
            <Link
              {...props}
              to="/servers/system-landscape/$"
              params={{ _splat: `kubernetes-clusters/${clusterId}` }}
            />
          )}
          size="sm"
          className={ticketClasses.backLink}
        >
          <Icon name="back" size={14} />
          {t('instructions.backTo', { name })}
        </Anchor>
      ) : (
        <Anchor
          renderRoot={(props) => (
            <Link
              {...props}
              to="/servers/system-landscape/$"
              params={{ _splat: '' }}
              search={{ kind: 'kubernetes-clusters' }}
            />
          )}
          size="sm"
          className={ticketClasses.backLink}
        >
          <Icon name="back" size={14} />
          {t('instructions.backToClusters')}
        </Anchor>
      )}
      <div>
        <Title order={1}>{t('instructions.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('instructions.intro')}
        </Text>
      </div>
      <Card withBorder padding="md" radius="md">
        <Title order={2} size="h4" mb="xs">
          {t('instructions.howTitle')}
        </Title>
        <List spacing={4} size="sm">
          <List.Item>{t('instructions.how1')}</List.Item>
          <List.Item>{t('instructions.how2')}</List.Item>
          <List.Item>{t('instructions.how3')}</List.Item>
        </List>
      </Card>
      <Tabs defaultValue="linux">
        <Tabs.List aria-label={t('instructions.systems')}>
          {systems.map((system) => (
            <Tabs.Tab key={system} value={system} style={{ minHeight: 44 }}>
              {t(`instructions.system.${system}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {systems.map((system) => (
          <Tabs.Panel key={system} value={system} pt="md">
            <Stack gap="lg">
              <section aria-labelledby={`${system}-kubectl`}>
                <Title order={2} size="h4" id={`${system}-kubectl`} mb={4}>
                  {t('instructions.step1')}
                </Title>
                <Text size="sm" mb="xs">
                  {t('instructions.kubectlText')}
                </Text>
                <Command lines={commands[system].kubectl} file={file} />
              </section>
              <section aria-labelledby={`${system}-kubelogin`}>
                <Title order={2} size="h4" id={`${system}-kubelogin`} mb={4}>
                  {t('instructions.step2')}
                </Title>
                <Text size="sm" mb="xs">
                  {t('instructions.kubeloginText')}
                </Text>
                <Command lines={commands[system].kubelogin} file={file} />
              </section>
              <section aria-labelledby={`${system}-use`}>
                <Title order={2} size="h4" id={`${system}-use`} mb={4}>
                  {t('instructions.step3')}
                </Title>
                <Text size="sm" mb="xs">
                  {t('instructions.useText', { file })}
                </Text>
                <Command lines={commands[system].use} file={file} />
                <Text size="sm" mt="xs" c="dimmed">
                  {t('instructions.signIn')}
                </Text>
              </section>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
