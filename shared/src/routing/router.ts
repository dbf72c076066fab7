// The router as the remotes see it (docs/architecture.md §2). The host owns
// the one router; a remote's links and hooks must read the contexts that
// router fills, so they must be the host's copy of react-router. They reach
// the remotes through this singleton, not by sharing react-router itself:
// - the host bundles only the parts it and this list use (the whole package
//   is 59 KB gzip, shared whole, most of it the data router only the host runs);
// - the release gate's record of what a remote needs of @stride/shared covers
//   these names too, so a remote that needs one a live host lacks is refused.
// A remote never imports react-router itself (biome.json says so).
export { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
