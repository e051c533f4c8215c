/**
 * The public entry of the realtime context: what other contexts and the processes may import (its ids: the socket
 * rooms). Its messages are the console's contract (@lorawatch/contracts); the gateway is wired by the processes.
 */
export { organizationRoom, userRoom } from './rooms';
