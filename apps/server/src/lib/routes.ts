import { z } from 'zod';
import { IdParamSchema } from './ids.js';

/** The token headers every signed-in route documents (OpenAPI). */
export const security = [{ accessToken: [], client: [], uid: [] }];
/** `:id` of a resource path. */
export const idParams = z.object({ id: IdParamSchema });
