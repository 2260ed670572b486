import { describe, expect, it } from 'vitest';
import { sanitizeContent, stripUnsafeMarkup } from './sanitize';

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
    ['<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>Ana', 'Ana'],
    ['<p srcdoc="&lt;script&gt;x&lt;/script&gt;">t</p>', '<p>t</p>'],
    ["<IFRAME SRCDOC='<b>x</b>' src=x>", ''],
    ['a<frame src="x">b<frameset>c</frameset>d', 'abcd'],
    ['<object data="x.swf"></object><embed src="x.svg">ok', 'ok'],
    ['a frame of reference, an object lesson', 'a frame of reference, an object lesson'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(sanitizeContent(input)).toBe(output);
  });

  it.each([
    ['<img alt=">" onerror=alert(1)>', '<img alt=">">'],
    ["<a title='>' onclick=x>", "<a title='>'>"],
    ['<p title="a > b">x</p><b onclick="y()">z</b>', '<p title="a > b">x</p><b>z</b>'],
  ])('A-171: a `>` inside a quoted value does not hide later handlers: %j → %j', (input, output) => {
    expect(sanitizeContent(input)).toBe(output);
  });

  it.each([
    ['decimal', '<a href="&#106;avascript:alert(1)">x</a>'],
    ['hex', '<a href="&#x6A;avascript:alert(1)">x</a>'],
    ['hex, lower case', '<a href="&#x6a;avascript:alert(1)">x</a>'],
    ['decimal with leading zeros', '<a href="&#0000106;avascript:alert(1)">x</a>'],
    ['hex with leading zeros', '<a href="&#x00006A;avascript:alert(1)">x</a>'],
    ['decimal without ;', '<a href="&#106avascript:alert(1)">x</a>'],
    ['hex without ;', '<a href="&#x6A&#x61vascript:alert(1)">x</a>'],
    ['every letter encoded', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>'],
    ['upper-case letters encoded', '<a href="&#74;AVA&#x53;CRIPT:alert(1)">x</a>'],
    ['&Tab; inside', '<a href="java&Tab;script:alert(1)">x</a>'],
    ['&NewLine; inside', '<a href="java&NewLine;script:alert(1)">x</a>'],
    ['&#9; inside', '<a href="java&#9;script:alert(1)">x</a>'],
    ['&#x0A; inside', '<a href="java&#x0A;script:alert(1)">x</a>'],
    ['raw newline inside', '<a href="java\nscript:alert(1)">x</a>'],
    ['&amp;-escaped reference', '<a href="&amp;#106;avascript:alert(1)">x</a>'],
  ])('A-170: javascript: written with character references (%s) is removed', (_form, input) => {
    expect(sanitizeContent(input)).toBe('<a href="alert(1)">x</a>');
  });

  it.each([
    ['<a href="&#118;bscript:msgbox(1)">x</a>', '<a href="msgbox(1)">x</a>'],
    ['<a href="&#x56;BScript&#x3A;msgbox(1)">x</a>', '<a href="msgbox(1)">x</a>'],
  ])('A-170: vbscript: written with character references is removed: %j', (input, output) => {
    expect(sanitizeContent(input)).toBe(output);
  });

  it.each([
    ['&#1060avascript:x', '&#1060avascript:x'],
    ['&#x6ab;avascript:x', '&#x6ab;avascript:x'],
    // a browser reads the hex digit `a` as part of the reference (U+06AA), so no scheme is formed
    ['&#x6Aavascript:x', '&#x6Aavascript:x'],
    ['&#106; and &#x6A; are j', '&#106; and &#x6A; are j'],
  ])('A-170: references to other characters are kept: %j', (input, output) => {
    expect(sanitizeContent(input)).toBe(output);
  });

  it.each([
    ['many `<a "`', '<a "'.repeat(7500)],
    ["many `<a '`", "<a '".repeat(7500)],
    ['many `<"`', '<"'.repeat(15000)],
    ['one `<` then only quotes', `<${'"'.repeat(30000)}`],
    ['an unclosed quote then many tags', `<a x="${'<b '.repeat(10000)}`],
    ['many handlers in one tag', `<a${' onx='.repeat(6000)}>`],
    ['a scheme letter then 30k tabs', `j${'\t'.repeat(30000)}`],
    ['many encoded letters', '&#x6a&#x61'.repeat(3000)],
  ])('returns on 30k-character adversarial input (%s)', (_shape, input) => {
    expect(input.length).toBeGreaterThanOrEqual(30000);
    expect(typeof sanitizeContent(input)).toBe('string');
  });

  it.each([
    ['`<` then spaces', `<${' '.repeat(100_000)}x`, `<${' '.repeat(100_000)}x`],
    [
      '`<` then spaces, a slash, spaces',
      `<${' '.repeat(50_000)}/${' '.repeat(50_000)}x`,
      `<${' '.repeat(50_000)}/${' '.repeat(50_000)}x`,
    ],
    ['unclosed script tags', 'a<script>'.repeat(11_000), 'a'.repeat(11_000)],
    ['script tags without `>`, one closing tag', `${'<script '.repeat(12_500)}</script>x`, 'x'],
    ['handlers nested 12,000 deep', `<a${' onx'.repeat(12_000)} ony=""${'=""'.repeat(12_000)}>b`, 'b'],
    ['handlers nested three deep (the tag is kept)', '<a onx onx ony="" ="" ="">b', '<a>b'],
  ])('issue 7: long hostile input gives its result (%s)', (_shape, input, output) => {
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

describe('stripUnsafeMarkup (stored rich text)', () => {
  it('removes what sanitizeContent removes but keeps encoded ampersands, and changes nothing a second time', () => {
    const input = '<p onclick="x()">Tom &amp; Jerry</p><script>x()</script><a href="javascript:y()">z</a>';
    const once = stripUnsafeMarkup(input);
    expect(once).toBe('<p>Tom &amp; Jerry</p><a href="y()">z</a>');
    expect(stripUnsafeMarkup(once)).toBe(once);
    expect(sanitizeContent(input)).toBe('<p>Tom & Jerry</p><a href="y()">z</a>');
  });
});
