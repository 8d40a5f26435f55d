/** Text or an attribute value written into an HTML page the server sends (the app-config meta tag, a page title). */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
