import { getManyOperation } from '../getMany';
import type { Work } from '../types';

/** GET /document-templates: the active templates the key's user can use, each with `requiresReview`. */
export const { description, execute } = getManyOperation('template', '/document-templates', 'templates');

/** Changes nothing; the whole item is one turn in the pace's window. */
export const work: Work = 'item';
