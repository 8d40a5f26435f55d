/**
 * What the switch says when the Spanish catalogue could not be downloaded: in Spanish, for the reader who asked
 * for it, and not from the catalogue (it is the one that did not arrive).
 */
export const CATALOG_FAILED =
  'No se pudo cargar la página en español. Revise su conexión a internet e inténtelo de nuevo.';
