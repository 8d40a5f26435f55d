import type { Section } from '../../../kernel/form/definition/types';

/**
 * The id of a section's heading on Check your answers: the return from that section's Change lands there. Its own
 * module: the form pages' return button needs it, not the check page's counting (which loads the conditions).
 */
export const checkSectionAnchor = (section: Pick<Section, 'id'>) => `check-section-${section.id}`;
