/** The socket room of an organization: its organization messages go there. */
export const organizationRoom = (organizationId: number): string => `organization:${organizationId}`;
/** The socket room of a user: their own messages (a new notification) go there. */
export const userRoom = (userId: number): string => `user:${userId}`;
