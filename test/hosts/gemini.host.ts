// The host matrix for gemini (scripts/host-matrix.sh): every turn on every path it speaks.
import { gemini } from './hosts/gemini';
import { hostMatrix } from './matrix';

hostMatrix(gemini);
