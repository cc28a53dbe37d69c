import { describeIssue } from '/work/main/server/src/platform/i18n.ts';
for (const lang of ['kr','th'] as const) {
  for (const issue of [
    { code: 'custom', message: 'must equal password', input: 'x', path: ['confirmPassword'] },
    { code: 'invalid_format', format: 'regex', pattern: '/x/', message: 'digits only', input: 'x' },
    { code: 'invalid_value', values: [true], message: 'the privacy terms must be accepted', input: false },
    { code: 'invalid_union', errors: [], message: 'Invalid input', input: 5 },
    { code: 'unrecognized_keys', keys: ['a'], message: 'x' },
    { code: 'too_big', maximum: 32, origin: 'string', inclusive: true, message: 'm' },
    { code: 'type', message: 'ajv-ish' },
    { code: 'required', message: 'must have required property id', params: { missingProperty: 'id' } },
  ]) console.log(lang, issue.code, '=>', describeIssue(lang, issue as Record<string, unknown>));
}
