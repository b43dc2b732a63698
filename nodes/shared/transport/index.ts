/** The transport's public face: the request functions, and what callers read from their answers and errors. */
export { apiRequestFull } from './request.api';
export { apiList, apiObject, isUnusableAnswer } from './json.api';
export { CANCELLED_WAIT_MESSAGE, cancellationError, cancelSignalOf } from './cancel';
export { headerValue, serviceCodeOf } from './errors';
export { withFailure } from './failure';
export { PUSHBACK_LISTENER, type PushbackListener } from './pause';
export type { TransportContext } from './types';
