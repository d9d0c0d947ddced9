import Keycloak from 'keycloak-js';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { language, t } from './i18n.ts';
import './styles.css';

interface ClientConfig {
  brand_name: string;
  oidc: { url: string; realm: string; client_id: string };
}
interface UserInfo {
  preferred_username: string;
  name?: string;
  rights?: Record<string, string[]>;
}
interface Customer {
  customer_id: number;
  display_name: string;
}
interface Session {
  keycloak: Keycloak;
  user: UserInfo;
  customers: Customer[];
  staffStatus: number;
}

async function api<T>(keycloak: Keycloak, path: string): Promise<{ status: number; body: T | undefined }> {
  const response = await fetch(path, { headers: { authorization: `Bearer ${keycloak.token}` } });
  return { status: response.status, body: response.ok ? ((await response.json()) as T) : undefined };
}

async function signIn(): Promise<Session> {
  const config = (await (await fetch('/api/config')).json()) as ClientConfig;
  document.title = config.brand_name;
  const keycloak = new Keycloak({
    url: config.oidc.url,
    realm: config.oidc.realm,
    clientId: config.oidc.client_id,
  });
  await keycloak.init({
    onLoad: 'login-required',
    pkceMethod: 'S256',
    checkLoginIframe: false,
    locale: language,
  });
  const user = (await keycloak.loadUserInfo()) as UserInfo;
  const [customers, staff] = await Promise.all([
    api<Customer[]>(keycloak, '/api/v2/customer?limit=100'),
    api<unknown>(keycloak, '/api/admin/v2/customer/features'),
  ]);
  return { keycloak, user, customers: customers.body ?? [], staffStatus: staff.status };
}

function App() {
  const [session, setSession] = useState<Session>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    signIn().then(setSession, () => setFailed(true));
  }, []);

  if (failed) return <p role="alert">{t.failed}</p>;
  if (!session) return <p aria-busy="true">{t.loading}</p>;
  const { keycloak, user, customers, staffStatus } = session;
  return (
    <main>
      <header>
        <p>
          {t.signedInAs} <strong data-testid="username">{user.preferred_username}</strong>
        </p>
        <button type="button" onClick={() => keycloak.logout({ redirectUri: window.location.origin })}>
          {t.logout}
        </button>
      </header>
      <h1>{t.customers}</h1>
      {customers.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul data-testid="customers">
          {customers.map((customer) => (
            <li key={customer.customer_id}>
              {customer.display_name} ({customer.customer_id})
            </li>
          ))}
        </ul>
      )}
      <h2>{t.rights}</h2>
      <dl data-testid="rights">
        {Object.entries(user.rights ?? {}).map(([company, rights]) => (
          <div key={company}>
            <dt>{company}</dt>
            <dd>{rights.join(', ')}</dd>
          </div>
        ))}
      </dl>
      <p data-testid="staff-check" data-status={staffStatus}>
        {t.staffCheck}: {staffStatus === 200 ? t.allowed : t.refused} ({staffStatus})
      </p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
