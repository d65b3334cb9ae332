// The host matrix for opencode (scripts/host-matrix.sh): every turn on every path it speaks.
import { opencode } from './hosts/opencode';
import { hostMatrix } from './matrix';

hostMatrix(opencode);
