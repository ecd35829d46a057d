/** The longest message the contract accepts (supportMessageRequestSchema: max 1000); the box stops there. */
export const SUPPORT_MESSAGE_MAX_LENGTH = 1000;
