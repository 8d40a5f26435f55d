import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * LibreOffice's own settings for converting files nobody here has checked, written into the private profile
 * before soffice starts (registrymodifications.xcu is where LibreOffice keeps a user's changed settings):
 * - BlockUntrustedRefererLinks: a document may not make LibreOffice fetch what it links to (a remote image is a
 *   beacon to whoever wrote the file, or a request to our own network); tested with a DOCX linking a local server;
 * - macros never run (highest macro security, execution disabled); bridge.py also opens files with
 *   MacroExecutionMode NEVER_EXECUTE and UpdateDocMode NO_UPDATE;
 * - Writer never updates links (OLE, DDE, linked sections) on load.
 */
const SETTINGS: { path: string; name: string; value: string }[] = [
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'BlockUntrustedRefererLinks', value: 'true' },
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'MacroSecurityLevel', value: '3' },
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'DisableMacrosExecution', value: 'true' },
  { path: '/org.openoffice.Office.Writer/Content/Update', name: 'Link', value: '2' },
];

export function registryModifications(): string {
  const items = SETTINGS.map(
    ({ path: at, name, value }) =>
      `<item oor:path="${at}"><prop oor:name="${name}" oor:op="fuse"><value>${value}</value></prop></item>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" ' +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    ...items,
    '</oor:items>',
    '',
  ].join('\n');
}

/** A fresh profile directory holding only those settings (LibreOffice fills in the rest on first start). */
export async function writeProfile(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(path.join(dir, 'user'), { recursive: true });
  await fs.writeFile(path.join(dir, 'user', 'registrymodifications.xcu'), registryModifications());
}
