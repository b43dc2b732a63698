export * as listSearch from '../../shared/common/listSearch.api';
export * as loadOptions from './loadOptions';
export * as resourceMapping from './resourceMapping';
