import { configure } from "@testing-library/react";

// Testing Library gives up a `waitFor`/`findBy…` after 1 s, which a loaded machine can reach; a condition that
// holds returns as soon as it does, so a long limit costs nothing in a passing run.
configure({ asyncUtilTimeout: 30_000 });
