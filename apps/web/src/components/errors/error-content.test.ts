import { describe, expect, it } from 'vitest';
import { errorContent, errorPageTitleKey, GENERIC_ERROR_CODE } from './error-content.ts';

describe('errorContent', () => {
  it.each([
    [401, 'errors.not_allowed.title', 'errors.unauthorized.text'],
    [403, 'errors.forbidden.title', 'errors.forbidden.text'],
    [404, 'errors.not_found.title', 'errors.not_found.text'],
    [405, 'errors.not_allowed.title', 'errors.not_allowed.text'],
    [499, 'errors.not_allowed.title', 'errors.not_allowed.text'],
    [500, 'errors.server_issues.title', 'errors.server_issues.text'],
    [599, 'errors.server_issues.title', 'errors.server_issues.text'],
  ])('maps %i', (status, titleKey, textKey) => {
    expect(errorContent(status)).toEqual({ code: status, titleKey, textKey });
  });

  it.each([undefined, null, 400, 302, 600, 1.5])('maps %s to the generic error 999', (status) => {
    const content = errorContent(status);
    expect(content.code).toBe(GENERIC_ERROR_CODE);
    expect(content.titleKey).toBe('errors.errors_occured.title');
  });
});

describe('errorPageTitleKey', () => {
  it.each([
    [401, 'titles.unauthorized'],
    [403, 'titles.forbidden'],
    [404, 'titles.notFound'],
    [422, 'titles.notAllowed'],
    [503, 'titles.serverIssues'],
    [undefined, 'titles.error'],
  ])('names %s', (status, key) => {
    expect(errorPageTitleKey(status)).toBe(key);
  });
});
