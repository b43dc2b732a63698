import { getManyOperation } from '../getMany';

/** GET /document-templates: the active templates the key's user can use, each with `requiresReview`. */
export const { description, execute } = getManyOperation('template', '/document-templates', 'templates');
