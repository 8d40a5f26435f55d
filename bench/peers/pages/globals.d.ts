/** The form JSON the peers' build defines (bench/peers/build.ts, DefinePlugin). */
declare const __PEER_FORM__: Record<string, unknown>;
