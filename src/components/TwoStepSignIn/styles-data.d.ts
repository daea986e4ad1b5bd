/** The dialog's stylesheet, written by plugins/two-step-sign-in when the site is built or started. */
declare module '@generated/two-step-sign-in-styles/default/styles.json' {
  const styles: { css: string };
  export default styles;
}
