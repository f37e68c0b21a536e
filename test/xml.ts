/** A tiny XML well-formedness check for the SVG the renderers write (tests only). */
import assert from 'node:assert/strict';

/**
 * A small XML well-formedness check: every tag closes in order, attributes are quoted, text
 * holds no raw `<` and only known entities. Returns the element names in document order.
 */
export function checkWellFormed(xml: string): string[] {
  const names: string[] = [];
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/y;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
  const illegal = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDFFF]/u.exec(xml);
  assert.equal(illegal, null, `a character XML 1.0 does not allow at ${illegal?.index}: U+${illegal?.[0].codePointAt(0)?.toString(16).toUpperCase()}`);
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    assert.ok(!/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(text), `bad entity in text near ${i}: ${text.slice(0, 40)}`);
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    assert.ok(m, `malformed tag at ${lt}: ${xml.slice(lt, lt + 60)}`);
    const [, closing, name, , selfClosing] = m;
    if (closing) assert.equal(stack.pop(), name, `</${name}> closes the wrong element at ${lt}`);
    else {
      names.push(name!);
      if (!selfClosing) stack.push(name!);
    }
    i = tag.lastIndex;
  }
  assert.deepEqual(stack, [], 'unclosed elements');
  return names;
}
