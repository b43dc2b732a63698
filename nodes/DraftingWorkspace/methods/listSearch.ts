/** The action node's "From list" searches: workflows, runs and templates, and the chat models. */
export * from '../../shared/common/listSearch.api';
export { searchChatModels } from '../../shared/chat/models.api';
