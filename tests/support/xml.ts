/**
 * A strict reader of the XML the app writes (feeds, sitemaps): an optional declaration, then one
 * root element of elements, attributes in double quotes and text with the five named entities or
 * character references. Anything else throws: a tag left open or closed out of turn, a bare `&`
 * or `<`, an attribute twice, text outside the root. Enough to prove a document well-formed and
 * to read its tree, without a dependency.
 */
export type XmlElement = {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, entities decoded (its children's not included). */
  text: string;
};

const NAME = /^[A-Za-z_][\w.-]*/;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  if (raw.includes("<")) throw new Error(`a bare "<" near ${at}`);
  return raw.replace(/&([^;\s]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(";")) throw new Error(`a bare "&" near ${at}`);
    if (ref in ENTITIES) return ENTITIES[ref]!;
    const code = /^#x([0-9a-f]+)$/i.exec(ref)?.[1];
    const decimal = /^#(\d+)$/.exec(ref)?.[1];
    if (code) return String.fromCodePoint(Number.parseInt(code, 16));
    if (decimal) return String.fromCodePoint(Number(decimal));
    throw new Error(`an unknown entity &${ref}; near ${at}`);
  });
}

export function parseXml(xml: string): XmlElement {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at ${i}: ${JSON.stringify(xml.slice(i, i + 40))}`);
  };
  const skipSpace = () => {
    while (i < xml.length && /\s/.test(xml[i]!)) i++;
  };
  const name = () => {
    const match = NAME.exec(xml.slice(i));
    if (!match) fail("a name expected");
    i += match![0].length;
    return match![0];
  };

  function element(): XmlElement {
    if (xml[i] !== "<") fail("an element expected");
    i++;
    const node: XmlElement = { name: name(), attributes: {}, children: [], text: "" };
    for (;;) {
      const before = i;
      skipSpace();
      if (xml.startsWith("/>", i)) {
        i += 2;
        return node;
      }
      if (xml[i] === ">") {
        i++;
        break;
      }
      if (i === before) fail("a space before an attribute expected");
      const attribute = name();
      if (attribute in node.attributes) fail(`the attribute ${attribute} twice`);
      if (xml[i] !== "=" || xml[i + 1] !== '"') fail('="..." expected');
      const end = xml.indexOf('"', i + 2);
      if (end < 0) fail("an unclosed attribute");
      node.attributes[attribute] = decode(xml.slice(i + 2, end), i);
      i = end + 1;
    }
    for (;;) {
      const next = xml.indexOf("<", i);
      if (next < 0) fail(`</${node.name}> expected`);
      node.text += decode(xml.slice(i, next), i);
      i = next;
      if (xml.startsWith("</", i)) {
        i += 2;
        if (name() !== node.name) fail(`</${node.name}> expected`);
        skipSpace();
        if (xml[i] !== ">") fail('">" expected');
        i++;
        return node;
      }
      node.children.push(element());
    }
  }

  if (xml.startsWith("<?xml")) {
    const end = xml.indexOf("?>");
    if (end < 0) fail("an unclosed declaration");
    i = end + 2;
  }
  skipSpace();
  const root = element();
  skipSpace();
  if (i !== xml.length) fail("text after the root element");
  return root;
}

/** The children of an element with that name. */
export const childrenNamed = (node: XmlElement, name: string) =>
  node.children.filter((child) => child.name === name);

/** The text of the one child with that name, or undefined. */
export function childText(node: XmlElement, name: string): string | undefined {
  const found = childrenNamed(node, name);
  if (found.length > 1) throw new Error(`${node.name} has ${found.length} <${name}>`);
  return found[0]?.text;
}
