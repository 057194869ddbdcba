// The login form's validation, behind a dynamic import (login-form.tsx): through this module only,
// zod and the contract's schemas stay out of the code the login screen needs to show itself.
export { SignInInputSchema } from '@teamboard/contract';
