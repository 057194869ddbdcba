/** The control a field label asks for; `textarea` is its own element, the rest an `<input type>`. */
export type InputType =
  'email' | 'password' | 'search' | 'tel' | 'date' | 'url' | 'number' | 'text' | 'textarea';

/** "Confirm password", "Repetir contraseña": a field label that starts like an action. */
export const NEW_PASSWORD =
  /\b(confirm|repeat|new|nueva|repetir|confirmar)\b.*\b(password|contrase\w*|clave)\b/;
/** Field labels (matched on lower-case text without accents) and the input each asks for. */
export const FIELDS: { pattern: RegExp; type: InputType; autocomplete: string | null }[] = [
  // OCR often misreads the ñ ("Contrasefia", "Contraseha"): any word starting "contrase" is one.
  { pattern: /\b(password|contrase\w*|clave|pin)\b/, type: 'password', autocomplete: 'current-password' },
  { pattern: /\b(e-?mail|correo)\b/, type: 'email', autocomplete: 'email' },
  { pattern: /\b(search|buscar|busqueda)\b/, type: 'search', autocomplete: null },
  { pattern: /\b(phone|telephone|mobile|telefono|celular|movil)\b/, type: 'tel', autocomplete: 'tel' },
  { pattern: /\b(date|birthday|fecha|nacimiento)\b/, type: 'date', autocomplete: null },
  { pattern: /\b(website|url|web|sitio|pagina)\b/, type: 'url', autocomplete: 'url' },
  {
    pattern: /\b(age|quantity|amount|number|edad|cantidad|numero|importe)\b/,
    type: 'number',
    autocomplete: null,
  },
  {
    pattern: /\b(message|comments?|description|notes|mensaje|comentarios?|descripcion|notas)\b/,
    type: 'textarea',
    autocomplete: null,
  },
  { pattern: /\b(username|user|usuario)\b/, type: 'text', autocomplete: 'username' },
  { pattern: /\b(name|full name|nombre|apellidos?)\b/, type: 'text', autocomplete: 'name' },
  {
    pattern:
      /\b(address|direccion|city|ciudad|country|pais|company|empresa|subject|asunto|title|titulo|code|codigo)\b/,
    type: 'text',
    autocomplete: null,
  },
];
export const CHECKBOX = /\b(remember me|recordarme|keep me signed in|mantener (la )?sesion|i agree|acepto)\b/;
export const LINK =
  /\b(forgot|olvid\w*|don'?t have|no tienes|already have|ya tienes|terms|terminos|privacy|privacidad)\b/;
/** Action words and phrases of buttons (matched on lower-case text without accents). */
const ACTIONS = [
  'sign in|sign up|log in|login|log out|logout|register|submit|send|save|cancel|continue|next|back|ok',
  'accept|confirm|delete|remove|edit|add|create|update|apply|buy|checkout|pay|subscribe|join|get started',
  'start|learn more|download|upload|reset|close',
  'entrar|ingresar|iniciar sesion|acceder|registrarse|registrar|crear cuenta|enviar|guardar|cancelar',
  'continuar|siguiente|atras|volver|aceptar|confirmar|eliminar|borrar|editar|agregar|anadir|crear',
  'actualizar|aplicar|comprar|pagar|suscribirse|unirse|empezar|comenzar|descargar|subir|cerrar|salir',
].join('|');
/** A button's whole text ("Sign in", "Enviar"). */
export const ACTION_EXACTLY = new RegExp(`^(${ACTIONS})$`);
/** A button's text starting with an action ("Save changes", "Sign in with Google"). */
export const ACTION_FIRST = new RegExp(`^(${ACTIONS}) `);
/** Buttons that leave or undo rather than act: a secondary style, and type=reset inside a form. */
export const SECONDARY_ACTIONS = /^(cancel|back|close|reset|cancelar|atras|volver|cerrar|salir)\b/;
/** Text shown inside an input rather than beside it. */
export const PLACEHOLDER = /@|\.\.\.|…|^(enter|type|your|e\.g\.|ej\.|introduce|escribe|ingresa|tu|su)\b/;
