import { describe, expect, it } from 'vitest';
import { cleanRequestBody, sanitizeContent } from './sanitize';

describe('sanitizeContent (002 §5)', () => {
  it.each([
    ['<p>Hello</p>', '<p>Hello</p>'],
    ['a<script>alert(1)</script>b', 'ab'],
    ['a<SCRIPT type="x">alert(1)</SCRIPT >b', 'ab'],
    ['a<script src="x.js">b', 'ab'],
    ['<scr<script>x</script>ipt>alert(1)</script>', 'alert(1)'],
    ['x eval(alert(1)) y', 'x  y'],
    ['x EVAL (a(b)) y', 'x  y'],
    ['x eval(', 'x '],
    ['width: expression(alert(1));', 'width: ;'],
    ['gene expression (mRNA) levels', 'gene expression (mRNA) levels'],
    ['<a href="javascript:alert(1)">x</a>', '<a href="alert(1)">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a href="alert(1)">x</a>'],
    ['<a href="java\tscript:alert(1)">x</a>', '<a href="alert(1)">x</a>'],
    ['<a href="javascript&colon;alert(1)">x</a>', '<a href="alert(1)">x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a href="msgbox(1)">x</a>'],
    ['<img src=x onerror=alert(1)>', '<img src=x>'],
    ['<img src="x" ONERROR="alert(1)" alt="a">', '<img src="x" alt="a">'],
    ['<img src="x"onload="a()">', '<img src="x">'],
    ['<div onMouseOver=\'x()\' onclick="y()">t</div>', '<div>t</div>'],
    ['<svg/onload=alert(1)>', '<svg/>'],
    ['<img src=x onerror=alert(1)', '<img src=x'],
    ['Tom &amp; Jerry', 'Tom & Jerry'],
    ['Tom &AMP; Jerry', 'Tom & Jerry'],
    ['one = 1 and once=twice', 'one = 1 and once=twice'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(sanitizeContent(input)).toBe(output);
  });

  it('walks objects and arrays and leaves other values alone', () => {
    const date = new Date(0);
    const input = {
      title: '<b onclick="x()">Hi</b>',
      list: ['a<script>1</script>', 2, null, { deep: 'javascript:x' }],
      n: 5,
      ok: true,
      date,
      nothing: undefined,
    };
    const out = sanitizeContent(input);
    expect(out).toEqual({
      title: '<b>Hi</b>',
      list: ['a', 2, null, { deep: 'x' }],
      n: 5,
      ok: true,
      date,
      nothing: undefined,
    });
    expect(out.date).toBe(date);
    expect(input.title).toBe('<b onclick="x()">Hi</b>');
    expect(sanitizeContent(Object.assign(Object.create(null), { a: '&amp;' }))).toEqual({ a: '&' });
  });
});

describe('cleanRequestBody (A-164)', () => {
  it('drops undefined deeply and keeps everything else', () => {
    const file = new Uint8Array([1]);
    const body = {
      a: undefined,
      b: null,
      c: '',
      d: 0,
      e: false,
      f: { g: undefined, h: [1, undefined, { i: undefined, j: 1 }] },
      file,
    };
    const out = cleanRequestBody(body);
    expect(out).toEqual({ b: null, c: '', d: 0, e: false, f: { h: [1, null, { j: 1 }] }, file });
    expect('a' in out).toBe(false);
    expect(out.file).toBe(file);
    expect(body.a).toBeUndefined();
    expect('a' in body).toBe(true);
  });

  it.each([[null], [undefined], [3], ['x']])('passes %j through', (v) => {
    expect(cleanRequestBody(v)).toBe(v);
  });
});
