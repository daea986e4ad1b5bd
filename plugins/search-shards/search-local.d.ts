/** The search plugin's server entry, which its package ships without types for the plugin itself. */
declare module '@easyops-cn/docusaurus-search-local/dist/server/server/index.js' {
  import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
  import type { PluginOptions } from '@easyops-cn/docusaurus-search-local';

  export default function DocusaurusSearchLocalPlugin(context: LoadContext, options: PluginOptions): Plugin;
  export const validateOptions: NonNullable<PluginModule['validateOptions']>;
}
