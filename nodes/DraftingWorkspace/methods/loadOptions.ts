/** Chat Completion's Model dropdown (node version 1): the list lives on the shared floor with the locator's. */
export { getChatModels } from '../../shared/chat/models.api';
