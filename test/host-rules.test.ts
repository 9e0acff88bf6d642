/**
 * The one writer of the files a host reads as rules (pipeline/model/host-rules.ts,
 * issue 32 item 2): a field that could be read as more than itself — a line
 * break, a space, a URL, a `:placeholder`, a path out of the site — is refused
 * with a thrown error, whoever calls it; what it writes, its reader reads back
 * as the same rules. The hostile migration id of the issue, planted past the
 * annotation checks straight into the static API's emitter, is refused there.
 * test/site/security.test.ts checks the rules of a real build.
 */
import { describe, expect, it } from 'vitest';
import { emitApi, hostFiles } from '../pipeline/emit/api.ts';
import {
  HostRuleError,
  headersFor,
  parseHeaders,
  parseRedirects,
  underPrefix,
  writeHeaders,
  writeRedirects,
  type HeaderRule,
  type RedirectRule,
} from '../pipeline/model/host-rules.ts';
import { literalBundle } from './emit/literal-bundle.ts';

/** The id of the issue: a rule of its own, hidden in a record id. */
const HOSTILE_ID = 'x 301\n/* https://evil.example/:splat 302!\n/z';

const redirect = (from: string, to: string): RedirectRule => ({ from, to, status: 301 });

describe('the redirects writer', () => {
  it('writes one "from to status" line a rule, and nothing for none', () => {
    expect(writeRedirects([redirect('/v1/a.json', '/v1/b.json'), { from: '/old/', to: '/new/', status: 302 }])).toBe(
      '/v1/a.json /v1/b.json 301\n/old/ /new/ 302\n',
    );
    expect(writeRedirects([])).toBe('');
  });

  it.each([
    ['a line break', '/v1/a\n/* https://evil.example/ 302'],
    ['a carriage return', '/v1/a\r/b'],
    ['a space', '/v1/a /b'],
    ['a tab', '/v1/a\t/b'],
    ['a URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a splat', '/v1/*'],
    ['a placeholder', '/v1/:splat'],
    ['a force mark', '/v1/a!'],
    ['a query', '/v1/a?x=1'],
    ['a fragment', '/v1/a#x'],
    ['a dot-dot segment', '/v1/../../etc'],
    ['a dot segment', '/v1/./a'],
    ['an empty segment', '/v1//a'],
    ['a relative path', 'v1/a'],
    ['nothing', ''],
    ['a non-ASCII letter', '/v1/é'],
    ['a NUL', '/v1/a\u0000'],
  ])('refuses %s in the source or the target', (_what, field) => {
    expect(() => writeRedirects([redirect(field, '/v1/b.json')])).toThrow(HostRuleError);
    expect(() => writeRedirects([redirect('/v1/b.json', field)])).toThrow(HostRuleError);
  });

  it('names the field, shows the value with its line breaks escaped, and says what a path may hold', () => {
    expect(() => writeRedirects([redirect('/v1/b.json', `/v1/${HOSTILE_ID}`)])).toThrow(
      /^the redirect target "\/v1\/x 301\\n\/\* https:\/\/evil\.example\/:splat 302!\\n\/z" is not a path of this site: .*letters, digits/,
    );
  });

  it('takes a splat in the source of a not-found rule only (issue 35.8)', () => {
    expect(writeRedirects([{ from: '/v1/*', to: '/v1/404.json', status: 404 }])).toBe('/v1/* /v1/404.json 404\n');
    expect(parseRedirects('/v1/* /v1/404.json 404\n')).toEqual([{ from: '/v1/*', to: '/v1/404.json', status: 404 }]);
    expect(() => writeRedirects([{ from: '/v1/*', to: '/v1/b.json', status: 301 }])).toThrow(HostRuleError);
    expect(() => writeRedirects([{ from: '/v1/a.json', to: '/v1/*', status: 404 }])).toThrow(HostRuleError);
  });

  it('refuses a status that is not a redirect, and a line longer than a host reads', () => {
    expect(() => writeRedirects([{ from: '/a', to: '/b', status: 200 as 301 }])).toThrow(/status "200"/);
    expect(() => writeRedirects([redirect(`/${'a'.repeat(600)}`, `/${'b'.repeat(600)}`)])).toThrow(/longer than the 1000/);
  });
});

describe('the headers writer', () => {
  const rule: HeaderRule = {
    path: '/v1/*',
    headers: [
      ['Access-Control-Allow-Origin', '*'],
      ['Content-Security-Policy', "default-src 'self'; frame-ancestors 'none'"],
    ],
  };

  it('writes each path, then its headers indented by two spaces', () => {
    expect(writeHeaders([rule, { path: '/', headers: [['X-Content-Type-Options', 'nosniff']] }])).toBe(
      "/v1/*\n  Access-Control-Allow-Origin: *\n  Content-Security-Policy: default-src 'self'; frame-ancestors 'none'\n/\n  X-Content-Type-Options: nosniff\n",
    );
  });

  it('takes a splat only as a path’s last segment', () => {
    expect(writeHeaders([{ path: '/*', headers: [['A', 'b']] }])).toBe('/*\n  A: b\n');
    expect(() => writeHeaders([{ path: '/*/x', headers: [['A', 'b']] }])).toThrow(HostRuleError);
    expect(() => writeHeaders([{ path: '/a*', headers: [['A', 'b']] }])).toThrow(HostRuleError);
  });

  it.each([
    ['a line break in a value', ['X-A', 'b\n/*\n  Location: https://evil.example/']],
    ['a carriage return in a value', ['X-A', 'b\rc']],
    ['a leading space in a value', ['X-A', ' b']],
    ['an empty value', ['X-A', '']],
    ['a non-ASCII value', ['X-A', 'é']],
    ['a space in a name', ['X A', 'b']],
    ['a colon in a name', ['X:A', 'b']],
    ['a line break in a name', ['X\nA', 'b']],
  ] as const)('refuses %s', (_what, header) => {
    expect(() => writeHeaders([{ path: '/v1/*', headers: [header] }])).toThrow(HostRuleError);
  });

  it('refuses a hostile path, a rule with no header, and a line longer than a host reads', () => {
    expect(() => writeHeaders([{ path: `/v1/${HOSTILE_ID}`, headers: [['A', 'b']] }])).toThrow(/the header rule path .* is not a path of this site/);
    expect(() => writeHeaders([{ path: '/a', headers: [] }])).toThrow(/has no header/);
    expect(() => writeHeaders([{ path: '/a', headers: [['A', 'b'.repeat(2000)]] }])).toThrow(/longer than the 2000/);
  });
});

describe('the readers', () => {
  it('read back what the writers wrote', () => {
    const redirects = [redirect('/v1/a.json', '/v1/b.json'), { from: '/x/', to: '/y/', status: 308 as const }];
    expect(parseRedirects(writeRedirects(redirects))).toEqual(redirects);
    const headers: HeaderRule[] = [
      { path: '/*', headers: [['Referrer-Policy', 'no-referrer']] },
      { path: '/v1/*', headers: [['A', 'b: c']] },
    ];
    expect(parseHeaders(writeHeaders(headers))).toEqual(headers);
  });

  it('skip blank lines and comments, and refuse a line they cannot read, naming it', () => {
    expect(parseRedirects('# moved\n\n/a /b 301\n')).toEqual([redirect('/a', '/b')]);
    expect(() => parseRedirects('/a /b 301\n/* https://evil.example/:splat 302!\n')).toThrow(/^_redirects:2: expected "from to status"/);
    expect(() => parseRedirects('/a /b\n')).toThrow(/_redirects:1/);
    expect(() => parseHeaders('  A: b\n')).toThrow(/^_headers:1: expected a path/);
    expect(() => parseHeaders('/a\n\tA: b\n')).toThrow(/_headers:2/);
  });

  it('move a folder’s rules under the path it is served at', () => {
    expect(underPrefix([redirect('/v1/a.json', '/v1/b.json')], '/api')).toEqual([redirect('/api/v1/a.json', '/api/v1/b.json')]);
    expect(underPrefix([{ path: '/v1/*', headers: [['A', 'b']] }], '/api')).toEqual([{ path: '/api/v1/*', headers: [['A', 'b']] }]);
  });

  it('give a path the headers of every rule that matches it, as a host does', () => {
    const rules: HeaderRule[] = [
      { path: '/*', headers: [['Referrer-Policy', 'no-referrer']] },
      { path: '/api/v1/*', headers: [['Access-Control-Allow-Origin', '*']] },
      { path: '/api/', headers: [['X-A', 'one']] },
      { path: '/*', headers: [['x-a', 'two']] },
    ];
    expect(Object.fromEntries(headersFor(rules, '/api/v1/x.json'))).toEqual({
      'referrer-policy': 'no-referrer',
      'access-control-allow-origin': '*',
      'x-a': 'two',
    });
    expect(Object.fromEntries(headersFor(rules, '/api/'))).toEqual({ 'referrer-policy': 'no-referrer', 'x-a': 'one, two' });
    expect(Object.fromEntries(headersFor(rules, '/api'))).toEqual({ 'referrer-policy': 'no-referrer', 'x-a': 'two' });
  });
});

describe('the static API’s host files', () => {
  it('go through the writer: a hostile migration id, planted past the annotation checks, is refused, not written as a rule', () => {
    const d = literalBundle();
    d.migrations = [{ id: HOSTILE_ID, kind: 'record', action: 'renamed', to: 'en-2020/dodge', since: '1.1.0', note: 'planted' }];
    const files = emitApi(d);
    expect(files.some((f) => f.kind === 'moved' && f.path.includes(HOSTILE_ID))).toBe(true);
    expect(() => hostFiles(files)).toThrow(HostRuleError);
    expect(() => hostFiles(files, '/api/')).toThrow(/the redirect source "\/api\/v1\/records\/x 301\\n/);
  });

  it('write the retired ids’ redirects and the JSON headers as rules the reader reads back', () => {
    const texts = hostFiles(emitApi(literalBundle()));
    expect(parseRedirects(texts.get('_redirects')!)).toEqual([
      redirect('/v1/records/en-2020/leap.json', '/v1/records/en-2020/dodge.json'),
      { from: '/v1/*', to: '/v1/404.json', status: 404 },
    ]);
    expect(parseHeaders(texts.get('_headers')!).map((r) => r.path)).toEqual(['/v1/*', '/v1/404.json', '/data/*']);
  });
});
