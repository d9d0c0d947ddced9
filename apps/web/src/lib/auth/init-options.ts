/** The login-flow option checks of SPEC.md §5, made before keycloak-js is started. */
export interface LoginFlowOptions {
  pkceMethod?: 'S256' | false | string;
  responseMode?: 'query' | 'fragment' | string;
  flow?: 'standard' | 'implicit' | 'hybrid' | string;
  onLoad?: 'check-sso' | 'login-required' | string;
}

export function validateLoginFlowOptions(options: LoginFlowOptions): void {
  if (options.pkceMethod !== undefined && options.pkceMethod !== 'S256' && options.pkceMethod !== false) {
    throw new TypeError(`Invalid value for pkceMethod '${options.pkceMethod}', expected 'S256' or false.`);
  }
  if (options.responseMode !== undefined && !['query', 'fragment'].includes(options.responseMode)) {
    throw new TypeError(
      `Invalid value for responseMode '${options.responseMode}', expected 'query' or 'fragment'.`,
    );
  }
  if (options.flow !== undefined && !['standard', 'implicit', 'hybrid'].includes(options.flow)) {
    throw new TypeError(
      `Invalid value for flow '${options.flow}', expected 'standard', 'implicit' or 'hybrid'.`,
    );
  }
  if (options.onLoad !== undefined && !['check-sso', 'login-required'].includes(options.onLoad)) {
    throw new TypeError(
      `Invalid value for onLoad '${options.onLoad}', expected 'check-sso' or 'login-required'.`,
    );
  }
}
