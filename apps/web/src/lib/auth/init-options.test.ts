import { describe, expect, it } from 'vitest';
import { validateLoginFlowOptions } from './init-options.ts';

describe('login-flow option checks (SPEC.md §5)', () => {
  it('accepts the options the portal uses and the other allowed values', () => {
    expect(() =>
      validateLoginFlowOptions({
        pkceMethod: 'S256',
        responseMode: 'fragment',
        flow: 'standard',
        onLoad: 'login-required',
      }),
    ).not.toThrow();
    expect(() =>
      validateLoginFlowOptions({
        pkceMethod: false,
        responseMode: 'query',
        flow: 'hybrid',
        onLoad: 'check-sso',
      }),
    ).not.toThrow();
    expect(() => validateLoginFlowOptions({ flow: 'implicit' })).not.toThrow();
  });

  it.each([
    [{ pkceMethod: 'plain' }, /pkceMethod/],
    [{ responseMode: 'form_post' }, /responseMode/],
    [{ flow: 'device' }, /flow/],
    [{ onLoad: 'always' }, /onLoad/],
  ])('refuses %j', (options, message) => {
    expect(() => validateLoginFlowOptions(options)).toThrow(message);
  });
});
