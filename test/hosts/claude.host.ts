// The host matrix for claude (scripts/host-matrix.sh): every turn on every path it speaks.
import { claude } from './hosts/claude';
import { hostMatrix } from './matrix';

hostMatrix(claude);
