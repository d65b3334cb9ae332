// The host matrix for codex (scripts/host-matrix.sh): every turn on every path it speaks.
import { codex } from './hosts/codex';
import { hostMatrix } from './matrix';

hostMatrix(codex);
