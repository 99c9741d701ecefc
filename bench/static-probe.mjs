import "./cc-enable.mjs";
import "./gen-static.mjs";
