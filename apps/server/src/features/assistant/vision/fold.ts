/** Lower case without accents, so words match in either language: "Contraseña:" → "contrasena:", "Añadir" → "anadir". */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .trim();
}
