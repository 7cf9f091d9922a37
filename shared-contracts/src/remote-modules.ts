// What each remote exposes to the host, and the props each exposed module's default export takes,
// declared once. The host mounts and loads remote modules only by these names and with these props
// (host/src/lib/federation/), and each remote checks the files it exposes against them
// (src/app/exposes.ts, beside the list in its rspack.config.mjs). Types only: nothing here reaches
// a bundle. A changed entry is a host contract change (docs/releases.md).

/** Props of a module that takes none: a page reads what it needs from the URL and the stores. */
export type NoProps = Record<string, never>;

export interface RemoteExposes {
  catalog: {
    './HomePage': NoProps;
    './CategoryPage': NoProps;
    './DetailsPage': NoProps;
    './SearchPage': NoProps;
    './SellerPage': NoProps;
  };
  dashboard: {
    './DashboardApp': NoProps;
  };
  checkout: {
    './PaymentFailPage': NoProps;
    './PaymentSuccessPage': NoProps;
    './CheckoutIntentHost': NoProps;
  };
}

export type RemoteName = keyof RemoteExposes;

/**
 * The modules a remote exposes (besides './BuildInfo', which every remote adds); of several
 * remotes, all their modules.
 */
export type ExposedName<R extends RemoteName = RemoteName> = R extends RemoteName
  ? Extract<keyof RemoteExposes[R], string>
  : never;

export type ExposedProps<R extends RemoteName, E extends string> = R extends RemoteName
  ? E extends keyof RemoteExposes[R]
    ? RemoteExposes[R][E]
    : never
  : never;

/** One remote and one of its modules, e.g. { name: 'catalog', exposed: './HomePage' }. */
export type RemoteModuleRef = { [R in RemoteName]: { name: R; exposed: ExposedName<R> } }[RemoteName];

/**
 * An exposed module as the remote writes it, in terms free of React's types (this package has
 * none): the default export renders with the declared props; a page may export a router loader.
 */
export interface ExposedModuleShape<Props> {
  default: (props: Props) => unknown;
  // Method syntax: a loader taking React Router's fuller argument type still fits.
  loader?(args: { request: Request; params: Record<string, string | undefined> }): unknown;
}

/**
 * A remote's exposed files, checked against its entry in RemoteExposes: every declared module is
 * there, and each one's default export takes the declared props.
 */
export type CheckedExposes<
  R extends RemoteName,
  Modules extends { [E in ExposedName<R>]: ExposedModuleShape<ExposedProps<R, E>> },
> = Modules;
