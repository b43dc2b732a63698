export { apiRequest, apiRequestFull, asArray, cancelSignalOf, getBaseUrl, resolveOrRefuse } from './request.api';
export { headerValue, serviceCodeOf } from './errors';
export { CREDENTIAL_TYPE } from './types';
export type { ApiRequestOptions, ApiResponse, DraftingWorkspaceCredentials, TransportContext } from './types';
