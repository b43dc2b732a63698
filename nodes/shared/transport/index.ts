/** The transport's public face: the one request function, and what callers read from its answers and errors. */
export { apiRequest, apiRequestFull } from './request.api';
export { asArray } from './asArray';
export { CANCELLED_WAIT_MESSAGE, cancelSignalOf } from './cancel';
export { headerValue, serviceCodeOf } from './errors';
export { withFailure } from './failure';
export type { TransportContext } from './types';
