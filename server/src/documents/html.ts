/**
 * A small walker for the HTML mammoth writes from a DOCX (headings, paragraphs, lists, tables, bold/italic/
 * underline/strike, links, line breaks, embedded images). It is not an HTML engine: it turns that known, simple
 * output into blocks of styled runs that the PDF layout can flow across pages.
 */
export interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
}

export type Block =
  | { type: 'heading'; level: number; runs: Run[] }
  | { type: 'paragraph'; runs: Run[] }
  | { type: 'listItem'; depth: number; marker: string; runs: Run[] }
  | { type: 'table'; rows: { header: boolean; cells: string[] }[] }
  | { type: 'image'; contentType: 'image/png' | 'image/jpeg'; data: Buffer };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function attribute(attrs: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(attrs);
  return match ? decodeEntities(match[1]) : undefined;
}

const BULLETS = ['\u2022', '-', '\u00b7'];
const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|<!--[\s\S]*?-->|([^<]+)/g;

export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const style = { bold: 0, italic: 0, underline: 0, strike: 0 };
  const lists: { ordered: boolean; counter: number }[] = [];
  // (Cast, not annotated: it is reassigned in closures, so it must not narrow to null here.)
  let current = null as Extract<Block, { runs: Run[] }> | null;
  let table: { rows: { header: boolean; cells: string[] }[] } | null = null;
  let row: { header: boolean; cells: string[] } | null = null;
  let cell: string | null = null;
  let tableDepth = 0;
  /** Inside <a href="#…">: footnote back-links (↑) are dropped. */
  let internalLink = false;
  /** A paragraph inside a list item ended: a line break, if more of the item follows. */
  let pendingBreak = false;

  const flush = () => {
    if (current && current.runs.some((r) => r.text.trim() !== '')) blocks.push(current);
    current = null;
    pendingBreak = false;
  };
  const addText = (text: string) => {
    if (cell !== null) {
      cell += text;
      return;
    }
    if (!current) {
      // Text outside a block (after a nested list inside an item, say) continues at the list's depth.
      current =
        lists.length > 0
          ? { type: 'listItem', depth: lists.length - 1, marker: '', runs: [] }
          : { type: 'paragraph', runs: [] };
    }
    if (pendingBreak) {
      if (text.trim() === '') return;
      pendingBreak = false;
      addText('\n');
    }
    current.runs.push({
      text,
      bold: style.bold > 0,
      italic: style.italic > 0,
      underline: style.underline > 0,
      strike: style.strike > 0,
    });
  };

  for (const match of html.matchAll(TOKEN)) {
    const [, closing, rawName, attrs = '', text] = match;
    if (text !== undefined) {
      const decoded = decodeEntities(text).replace(/\s+/g, (ws) => (ws.includes('\u00a0') ? ws : ' '));
      if (internalLink && decoded.trim() === '\u2191') continue;
      if (decoded !== '') addText(decoded);
      continue;
    }
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    const open = closing === '';

    if (tableDepth > 1 && !['table', 'td', 'th', 'br', 'p'].includes(name)) continue;
    switch (name) {
      case 'strong':
      case 'b':
        style.bold += open ? 1 : -1;
        break;
      case 'em':
      case 'i':
        style.italic += open ? 1 : -1;
        break;
      case 'u':
        style.underline += open ? 1 : -1;
        break;
      case 's':
      case 'del':
      case 'strike':
        style.strike += open ? 1 : -1;
        break;
      case 'a':
        internalLink = open && (attribute(attrs, 'href') ?? '').startsWith('#');
        break;
      case 'br':
        addText('\n');
        break;
      case 'p':
        if (cell !== null) {
          if (!open && cell !== '' && !cell.endsWith('\n')) cell += '\n';
        } else if (open) {
          // A paragraph inside a list item continues the item.
          if (!current) current = { type: 'paragraph', runs: [] };
          else if (current.type === 'paragraph') flush();
        } else if (current?.type !== 'listItem') {
          flush();
        } else {
          pendingBreak = true;
        }
        break;
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        if (cell !== null) break;
        flush();
        if (open) current = { type: 'heading', level: Number(name[1]), runs: [] };
        break;
      case 'ul':
      case 'ol':
        if (cell !== null) break;
        flush();
        if (open) lists.push({ ordered: name === 'ol', counter: 0 });
        else lists.pop();
        break;
      case 'li': {
        if (cell !== null) {
          if (open) cell += '\n- ';
          break;
        }
        flush();
        if (!open) break;
        const list = lists.at(-1) ?? { ordered: false, counter: 0 };
        list.counter += 1;
        const depth = Math.max(0, lists.length - 1);
        const marker = list.ordered ? `${list.counter}.` : BULLETS[depth % BULLETS.length];
        current = { type: 'listItem', depth, marker, runs: [] };
        break;
      }
      case 'table':
        if (open) {
          tableDepth += 1;
          if (tableDepth === 1) {
            flush();
            table = { rows: [] };
          }
        } else {
          tableDepth -= 1;
          if (tableDepth === 0 && table) {
            if (table.rows.length > 0) blocks.push({ type: 'table', rows: table.rows });
            table = null;
          }
        }
        break;
      case 'tr':
        if (!table || tableDepth > 1) break;
        if (open) row = { header: false, cells: [] };
        else if (row) {
          if (row.cells.length > 0) table.rows.push(row);
          row = null;
        }
        break;
      case 'td':
      case 'th':
        if (tableDepth > 1) {
          if (cell !== null && open) cell += ' ';
          break;
        }
        if (open) {
          cell = '';
          if (row && name === 'th') row.header = true;
        } else if (row && cell !== null) {
          row.cells.push(cell.trim());
          cell = null;
        }
        break;
      case 'img': {
        const src = attribute(attrs, 'src') ?? '';
        const data = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/=\s]+)$/.exec(src);
        if (!data || cell !== null) break;
        const resume: Extract<Block, { runs: Run[] }> | null = current;
        flush();
        blocks.push({
          type: 'image',
          contentType: data[1] as 'image/png' | 'image/jpeg',
          data: Buffer.from(data[2], 'base64'),
        });
        // The rest of the paragraph continues below the image.
        if (resume)
          current = resume.type === 'listItem' ? { ...resume, marker: '', runs: [] } : { ...resume, runs: [] };
        break;
      }
      default:
        break;
    }
  }
  flush();
  return blocks;
}
