import { listTemplates } from '../../../shared/client';
import { getManyOperation } from '../getMany';

/** The active templates the key's user can use, each with `requiresReview`. */
export const { description, execute } = getManyOperation('template', listTemplates);
