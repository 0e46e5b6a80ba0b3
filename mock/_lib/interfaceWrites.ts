import type { Request, Response } from 'express';

/**
 * The admin write endpoints of the interface domain (add, update, delete,
 * online, offline), registered by mock/interfaceInfo.ts.
 */
export const interfaceWriteHandlers: Record<string, (req: Request, res: Response) => void> = {};
