import { interfaceWriteHandlers } from './_lib/interfaceWrites';

/** The interface domain: catalogue reads and invoke here, admin writes in _lib/interfaceWrites. */
export default {
  ...interfaceWriteHandlers,
};
