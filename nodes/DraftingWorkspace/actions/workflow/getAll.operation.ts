import { getManyOperation } from '../getMany';

/** GET /workflows: the workflows with an active version the key may start (narrowed by its allowlist). */
export const { description, execute } = getManyOperation('workflow', '/workflows', 'workflows');
