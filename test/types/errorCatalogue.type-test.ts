// Compile-time proof, checked by `npm run typecheck` (never run by Jest): every code of the error catalogue carries
// the cause n8n reads (`failure.cause`), so a code cannot be added without one, nor with a cause n8n does not name.
import type { CatalogueEntry } from '../../nodes/shared/transport/errorCatalogue';

const explain = () => ({ message: 'm', fix: 'f' });

// A code added as an explanation alone does not compile.
// @ts-expect-error the cause is missing
export const withoutCause: CatalogueEntry = { explain };

// A cause that is none of n8n-workflow's TIMED_CAUSES and ACTIONABLE_CAUSES does not compile.
// @ts-expect-error 'try-again' is not a cause n8n names
export const unknownCause: CatalogueEntry = { cause: 'try-again', explain };

export const declared: CatalogueEntry = { cause: 'rate-limited', explain };
