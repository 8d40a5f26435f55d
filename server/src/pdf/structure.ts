import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFObjectCopier,
  PDFPage,
  PDFPageLeaf,
  PDFRef,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';

/**
 * Appending a document's pages to the tagged PDF copy without losing what makes it readable by a screen reader.
 * A tagged PDF (LibreOffice's conversions, many uploaded PDFs) says in its structure tree what each piece of a
 * page is (heading, paragraph, table cell, figure) and in which order to read it; pdf-lib's copyPages copies the
 * pages only, and their StructParents numbers would then point into the copy's own tree at the wrong elements.
 * Here the pages and the document's structure are copied together: its top elements go under one Sect of the
 * copy's Document element (titled with the document's name), its parent tree entries are renumbered after the
 * copy's own, and its role map is merged.
 */

const name = (n: string) => PDFName.of(n);

/** A text string: plain bytes when it is printable ASCII (read by every tool), else UTF-16 with its BOM. */
const textString = (text: string) =>
  /^[\x20-\x7e]*$/.test(text)
    ? PDFHexString.of(Buffer.from(text, 'latin1').toString('hex'))
    : PDFHexString.fromText(text);

/** The entries of a number tree (Nums arrays, in Kids too), as [key, value] pairs. */
function numberTreeEntries(tree: PDFDict | undefined): [number, PDFObject][] {
  if (!tree) return [];
  const out: [number, PDFObject][] = [];
  const nums = tree.lookupMaybe(name('Nums'), PDFArray);
  if (nums) {
    for (let i = 0; i + 1 < nums.size(); i += 2) {
      const key = nums.lookup(i);
      if (key instanceof PDFNumber) out.push([key.asNumber(), nums.get(i + 1)]);
    }
  }
  const kids = tree.lookupMaybe(name('Kids'), PDFArray);
  for (let i = 0; kids && i < kids.size(); i++) out.push(...numberTreeEntries(kids.lookupMaybe(i, PDFDict)));
  return out;
}

/** The elements (or references to them) an element's /K holds, as a list whatever its form. */
function kidsOf(dict: PDFDict): PDFObject[] {
  const k = dict.get(name('K'));
  if (k instanceof PDFArray) return k.asArray();
  return k ? [k] : [];
}

/** Where the copy's own content hangs: its Document element (pdfkit makes one), else the tree's root. */
function documentElement(out: PDFDocument, root: PDFDict): { dict: PDFDict; ref: PDFRef | null } {
  for (const kid of kidsOf(root)) {
    const dict = kid instanceof PDFRef ? out.context.lookupMaybe(kid, PDFDict) : undefined;
    if (kid instanceof PDFRef && dict?.get(name('S')) === name('Document')) return { dict, ref: kid };
  }
  return { dict: root, ref: null };
}

function appendKid(parent: PDFDict, kid: PDFObject, out: PDFDocument) {
  const k = parent.get(name('K'));
  if (k instanceof PDFArray) k.push(kid);
  else parent.set(name('K'), out.context.obj(k ? [k, kid] : [kid]));
}

/** Struct parent numbers of copied pages and their annotations, where they came tagged. */
function* structParentHolders(pages: PDFPageLeaf[]): Generator<[PDFDict, PDFName]> {
  for (const page of pages) {
    if (page.get(name('StructParents'))) yield [page, name('StructParents')];
    const annots = page.lookupMaybe(name('Annots'), PDFArray);
    for (let i = 0; annots && i < annots.size(); i++) {
      const annot = annots.lookupMaybe(i, PDFDict);
      if (annot?.get(name('StructParent'))) yield [annot, name('StructParent')];
    }
  }
}

/**
 * Appends every page of `source` to `out`; when both are tagged, with `source`'s structure under a Sect titled
 * `title`. When `source` is untagged, or its structure cannot be followed, the pages come without it (and without
 * numbers that would point into `out`'s tree).
 */
export function appendPagesWithStructure(out: PDFDocument, source: PDFDocument, title: string): void {
  const copier = PDFObjectCopier.for(source.context, out.context);
  // Copied by reference, so that the structure's page references (/Pg) lead to these same copies.
  const copied = source.getPages().map((page) => {
    const ref = copier.copy(page.ref) as PDFRef;
    const leaf = out.context.lookup(ref) as PDFPageLeaf;
    out.addPage(PDFPage.of(leaf, ref, out));
    return leaf;
  });

  const holders = [...structParentHolders(copied)];
  const outRoot = out.catalog.lookupMaybe(name('StructTreeRoot'), PDFDict);
  const sourceRoot = source.catalog.lookupMaybe(name('StructTreeRoot'), PDFDict);
  try {
    if (!outRoot || !sourceRoot) throw new Error('not tagged');
    const outTree = outRoot.lookupMaybe(name('ParentTree'), PDFDict);
    const outNums = outTree?.lookupMaybe(name('Nums'), PDFArray);
    if (!outTree || !outNums || outTree.get(name('Kids'))) throw new Error('unexpected parent tree');
    const used = numberTreeEntries(outTree).map(([key]) => key);
    const nextKey = outRoot.lookupMaybe(name('ParentTreeNextKey'), PDFNumber)?.asNumber() ?? 0;
    const offset = Math.max(nextKey, ...used.map((key) => key + 1));

    // Everything is copied first; the copy's tree changes only once nothing more can fail.
    const topKids = kidsOf(sourceRoot).filter((kid) => kid instanceof PDFRef);
    for (const kid of topKids) source.context.lookupMaybe(kid, PDFDict)?.delete(name('P'));
    const copiedKids = topKids.map((kid) => copier.copy(kid) as PDFRef);
    const entries = numberTreeEntries(sourceRoot.lookupMaybe(name('ParentTree'), PDFDict)).map(
      ([key, value]) => [key + offset, copier.copy(value)] as const,
    );
    const renumbered = holders.map(([dict, key]) => {
      const number = dict.lookupMaybe(key, PDFNumber);
      if (!number) throw new Error('struct parent is not a number');
      return [dict, key, number.asNumber() + offset] as const;
    });

    const parent = documentElement(out, outRoot);
    const section = out.context.obj({ Type: 'StructElem', S: 'Sect', T: textString(title) });
    const sectionRef = out.context.register(section);
    section.set(name('P'), parent.ref ?? out.context.getObjectRef(outRoot) ?? outRoot);
    section.set(name('K'), out.context.obj(copiedKids));
    for (const kid of copiedKids) out.context.lookup(kid, PDFDict).set(name('P'), sectionRef);
    appendKid(parent.dict, sectionRef, out);
    for (const [key, value] of entries) {
      outNums.push(PDFNumber.of(key));
      outNums.push(value);
    }
    for (const [dict, key, number] of renumbered) dict.set(key, PDFNumber.of(number));
    const lastKey = Math.max(offset - 1, ...entries.map(([key]) => key), ...renumbered.map(([, , n]) => n));
    outRoot.set(name('ParentTreeNextKey'), PDFNumber.of(lastKey + 1));
    mergeMap(out, outRoot, sourceRoot, copier, 'RoleMap');
    mergeMap(out, outRoot, sourceRoot, copier, 'ClassMap');
  } catch {
    // Untagged, or a structure we cannot follow: the pages stay, pointing at nothing in the copy's tree.
    for (const [dict, key] of holders) dict.delete(key);
  }
}

/** Adds the source's role map (custom tag → standard one) or class map entries the copy does not have yet. */
function mergeMap(out: PDFDocument, outRoot: PDFDict, sourceRoot: PDFDict, copier: PDFObjectCopier, key: string) {
  const from = sourceRoot.lookupMaybe(name(key), PDFDict);
  if (!from) return;
  let into = outRoot.lookupMaybe(name(key), PDFDict);
  if (!into) {
    into = out.context.obj({});
    outRoot.set(name(key), into);
  }
  for (const [entry, value] of from.entries()) if (!into.has(entry)) into.set(entry, copier.copy(value));
}
