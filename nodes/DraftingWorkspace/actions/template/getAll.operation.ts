import { listTemplates } from '../../../shared/client';
import { getManyOperation } from '../getMany';
import type { Work } from '../types';

/** The active templates the key's user can use, each with `requiresReview`. */
export const { description, execute } = getManyOperation('template', listTemplates);

/** Changes nothing; the whole item is one turn in the pace's window. */
export const work: Work = 'item';
