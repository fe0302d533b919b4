// The McGill arena's driver (benches/arena-mcgill.sh): plays the omweso
// command line against kelzha's 2015 tournament player inside the McGill
// COMP-424 framework (CCBoardState is the referee), sides swapped, and checks
// every framework position it meets against `omweso moves`.
//
// Written for this project; it needs the two Java sources on the class path
// (the script compiles them), never ships them.
//
//   java -cp BUILD Arena --omweso BIN --games N [--ms MS] [--engine-args "..."]
//        [--setup policy|concentrated|same|styles|balanced] [--setup-omweso BIN] [--seed S]
//        [--no-check] [--verbose]

import boardgame.Board;
import boardgame.Move;
import boardgame.Player;
import omweso.CCBoardState;
import omweso.CCMove;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class Arena {
    static String omweso;
    static List<String> engineArgs = new ArrayList<>();
    static Path tmp;
    static boolean check = true;
    static boolean verbose = false;
    static final String VARIANT = "mcgill-2015";
    /** `--setup balanced`: the first mover within this many seeds of level
     * (`omweso setup --balanced`), from the environment's BALANCE, else 4. */
    static final String BALANCE_MARGIN = System.getenv().getOrDefault("BALANCE", "4");
    /** `--setup balanced`: positions the search judging a draw may visit
     * (`omweso setup --balanced M --nodes N`), from BALANCE_NODES, else the
     * command's default (300,000); several, comma-separated, judge in turn. */
    static final String BALANCE_NODES = System.getenv("BALANCE_NODES");
    /** The omweso binary that draws the set-ups (`--setup-omweso`; default
     * the one playing): a candidate build plays from a baseline's
     * arrangements, so that two builds' matches are paired game by game
     * (`--balanced` scores its draws with the search, which a change to
     * the search would change). */
    static String setupOmweso = null;

    // the move check's counts
    static long checkedPositions = 0, checkedMoves = 0, differences = 0, cutAt200 = 0;
    // time a move, each side
    static double omwesoSecs = 0, kelzhaSecs = 0;
    static long omwesoMoves = 0, kelzhaMoves = 0;

    public static void main(String[] args) throws Exception {
        int games = 20;
        long seed = 1;
        String setup = "policy";
        int ms = 300;
        String extra = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--omweso": omweso = args[++i]; break;
                case "--games": games = Integer.parseInt(args[++i]); break;
                case "--ms": ms = Integer.parseInt(args[++i]); break;
                case "--engine-args": extra = args[++i]; break;
                case "--setup": setup = args[++i]; break;
                case "--setup-omweso": setupOmweso = args[++i]; break;
                case "--seed": seed = Long.parseLong(args[++i]); break;
                case "--no-check": check = false; break;
                case "--verbose": verbose = true; break;
                default: throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (extra == null) extra = "--time-ms " + ms;
        engineArgs.addAll(Arrays.asList(extra.trim().split("\\s+")));
        games = (games + 1) / 2 * 2;
        tmp = Files.createTempDirectory("arena-mcgill");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (String f : new String[] {"position.yaml", "check.yaml"}) tmp.resolve(f).toFile().delete();
            tmp.toFile().delete();
        }));

        int w = 0, d = 0, l = 0, cancelled = 0;
        int firstMoverWins = 0, decided = 0;
        for (int g = 0; g < games; g++) {
            long pair = g / 2;
            // omweso is the framework's player 0 (who moves first) in even games
            int me = g % 2 == 0 ? 0 : 1;
            int[] mine = omwesoSetup(setup, seed + pair, me);
            Player kelzha = (Player) Class.forName("s260573260.s260573260Player")
                .getDeclaredConstructor().newInstance();
            CCBoardState st = new CCBoardState();
            for (int p = 0; p < 2; p++) {
                CCMove m;
                if (p == me) {
                    m = new CCMove(mine);
                } else if (setup.equals("same") || setup.equals("styles") || setup.equals("balanced")) {
                    m = new CCMove(mine);
                } else {
                    m = (CCMove) kelzha.chooseMove(perspective(st, p));
                }
                m.setPlayerID(p);
                st.move(m);
            }
            boolean anyCapture = false;
            int plies = 0;
            String firstScore = null;
            while (!st.gameOver()) {
                int p = st.getTurn();
                String yaml = positionYaml(st, anyCapture);
                if (check) compare(st, yaml);
                CCMove m;
                long t0 = System.nanoTime();
                if (p == me) {
                    String out = run(bestmoveCommand(yaml));
                    Object j = Json.parse(out);
                    String mv = (String) ((Map<?, ?>) j).get("move");
                    if (firstScore == null) firstScore = Json.compact(((Map<?, ?>) j).get("score"));
                    if (verbose) System.out.println("  ply " + plies + ": omweso " + mv + ", score " + Json.compact(((Map<?, ?>) j).get("score")) + ", seeds " + total(st.getBoard()[me]) + "-" + total(st.getBoard()[1 - me]));
                    int pit = Integer.parseInt(mv.replaceAll("[^0-9]", ""));
                    m = new CCMove(pit - 1);
                    omwesoSecs += (System.nanoTime() - t0) / 1e9;
                    omwesoMoves++;
                } else {
                    m = (CCMove) kelzha.chooseMove(perspective(st, p));
                    if (verbose) System.out.println("  ply " + plies + ": kelzha pit " + (m.getPit() + 1));
                    kelzhaSecs += (System.nanoTime() - t0) / 1e9;
                    kelzhaMoves++;
                }
                m.setPlayerID(p);
                if (!st.isLegal(m)) throw new IllegalStateException("illegal move " + m.toPrettyString());
                int before0 = total(st.getBoard()[0]);
                st.move(m);
                if (total(st.getBoard()[0]) != before0) anyCapture = true;
                plies++;
            }
            int win = st.getWinner();
            String result;
            if (win == Board.CANCELLED0 || win == Board.CANCELLED1) {
                cancelled++;
                result = "cancelled (a move cut at 200 laps)";
            } else if (win == Board.DRAW) {
                d++;
                result = "draw";
            } else {
                decided++;
                if (win == 0) firstMoverWins++;
                if (win == me) { w++; result = "omweso wins"; } else { l++; result = "kelzha wins"; }
            }
            System.out.printf("game %d: omweso %s, %d plies, %s; omweso's first score %s%n",
                g + 1, me == 0 ? "first" : "second", plies, result, firstScore);
            System.out.flush();
        }
        int counted = w + d + l;
        double score = counted == 0 ? 0 : (w + 0.5 * d) / counted;
        System.out.println();
        System.out.println("| omweso (" + String.join(" ", engineArgs) + ") vs kelzha | set-ups | games | W-D-L (cancelled) | score | 95 % CI | omweso s/move | kelzha s/move | first mover won |");
        System.out.println("|---|---|---:|---|---:|---|---:|---:|---:|");
        double[] ci = wilson(w + 0.5 * d, counted);
        System.out.printf("| %s | %s | %d | %d-%d-%d (%d) | %.1f %% | %.0f–%.0f %% | %.3f | %.3f | %d of %d |%n",
            VARIANT, setup, games, w, d, l, cancelled, 100 * score, 100 * ci[0], 100 * ci[1],
            omwesoSecs / Math.max(1, omwesoMoves), kelzhaSecs / Math.max(1, kelzhaMoves),
            firstMoverWins, decided);
        if (check) {
            System.out.printf("%nmove check: %d framework positions, %d moves compared with `omweso moves`: %d differences, %d moves cut at 200 laps%n",
                checkedPositions, checkedMoves, differences, cutAt200);
        }
    }

    /** Wilson's 95 % interval for a score of s out of n. */
    static double[] wilson(double s, int n) {
        if (n == 0) return new double[] {0, 1};
        double z = 1.96, p = s / n, den = 1 + z * z / n;
        double mid = (p + z * z / (2 * n)) / den;
        double half = z * Math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / den;
        return new double[] {Math.max(0, mid - half), Math.min(1, mid + half)};
    }

    static int total(int[] side) {
        int t = 0;
        for (int x : side) t += x;
        return t;
    }

    static CCBoardState perspective(CCBoardState st, int p) {
        CCBoardState bs = (CCBoardState) st.clone();
        if (p == 1) bs.switchPerspective();
        return bs;
    }

    /** omweso's arrangement for its seat `me` (0 South, who moves first; 1
     * North): the policy arranges for the seat it fills (`--side`); the
     * styles and balanced draws have no seat, as both sides share them. */
    static int[] omwesoSetup(String mode, long seed, int me) throws Exception {
        if (mode.equals("concentrated")) {
            int[] s = new int[16];
            s[7] = 17;
            for (int i = 9; i <= 13; i++) s[i] = 3;
            return s;
        }
        String drawer = setupOmweso != null ? setupOmweso : omweso;
        List<String> cmd = new ArrayList<>(List.of(drawer, "setup", "--variant", VARIANT, "--seed", Long.toString(seed), "--format", "json"));
        if (mode.equals("policy")) cmd.addAll(List.of("--side", me == 0 ? "south" : "north"));
        if (mode.equals("styles")) cmd.add("--styles");
        if (mode.equals("balanced")) cmd.addAll(List.of("--balanced", BALANCE_MARGIN));
        if (mode.equals("balanced") && BALANCE_NODES != null) cmd.addAll(List.of("--nodes", BALANCE_NODES));
        String out = run(cmd);
        List<?> pits = (List<?>) ((Map<?, ?>) Json.parse(out)).get("pits");
        int[] s = new int[16];
        for (int i = 0; i < 16; i++) s[i] = ((Number) pits.get(i)).intValue();
        return s;
    }

    /** The framework's player 0 is South, player 1 North; the course's pit
     * index i (counted anticlockwise from the player's outer left pit) is
     * Shackell's pit i + 1. */
    static String grid(int[][] b) {
        StringBuilder s = new StringBuilder();
        int[][] rows = new int[4][8];
        for (int c = 0; c < 8; c++) {
            rows[0][c] = b[1][7 - c];
            rows[1][c] = b[1][8 + c];
            rows[2][c] = b[0][15 - c];
            rows[3][c] = b[0][c];
        }
        for (int[] r : rows) {
            s.append("  - [");
            for (int c = 0; c < 8; c++) s.append(c > 0 ? ", " : "").append(r[c]);
            s.append("]\n");
        }
        return s.toString();
    }

    static String gridCompact(int[][] b) {
        return grid(b).replaceAll("[\\s-]", "");
    }

    static String positionYaml(CCBoardState st, boolean anyCapture) {
        boolean first = st.getTurnsPlayed() == 1;
        return "variant: " + VARIANT + "\n"
            + "to_move: " + (st.getTurn() == 0 ? "south" : "north") + "\n"
            + "board:\n" + grid(st.getBoard())
            + "first_move: " + first + "\n"
            + "opponent_first_move: " + (first && st.getTurn() == 0) + "\n"
            + "before_first_capture: " + !anyCapture + "\n";
    }

    static List<String> bestmoveCommand(String yaml) throws IOException {
        Path f = tmp.resolve("position.yaml");
        Files.writeString(f, yaml);
        List<String> cmd = new ArrayList<>(List.of(omweso, "bestmove", f.toString()));
        cmd.addAll(engineArgs);
        cmd.addAll(List.of("--format", "json"));
        return cmd;
    }

    /** Every framework move of the position against `omweso moves`. */
    static void compare(CCBoardState st, String yaml) throws Exception {
        Path f = tmp.resolve("check.yaml");
        Files.writeString(f, yaml);
        Map<?, ?> j = (Map<?, ?>) Json.parse(run(List.of(omweso, "moves", f.toString(), "--format", "json")));
        Map<Integer, Map<?, ?>> theirs = new LinkedHashMap<>();
        for (Object o : (List<?>) j.get("moves")) {
            Map<?, ?> m = (Map<?, ?>) o;
            theirs.put(((Number) m.get("start_pit")).intValue(), m);
        }
        checkedPositions++;
        List<CCMove> legal = st.getLegalMoves();
        if (legal.size() != theirs.size()) {
            differences++;
            System.out.println("difference: " + legal.size() + " framework moves, " + theirs.size() + " omweso moves in\n" + yaml);
        }
        for (CCMove m : legal) {
            checkedMoves++;
            Map<?, ?> o = theirs.get(m.getPit() + 1);
            CCBoardState after = (CCBoardState) st.clone();
            m.setPlayerID(st.getTurn());
            after.move(m);
            int win = after.getWinner();
            boolean cut = win == Board.CANCELLED0 || win == Board.CANCELLED1;
            if (o == null) {
                differences++;
                System.out.println("difference: pit " + (m.getPit() + 1) + " not in omweso's moves in\n" + yaml);
                continue;
            }
            boolean never = Boolean.TRUE.equals(o.get("never_ending"));
            if (cut) {
                cutAt200++;
                if (!never && verbose) System.out.println("cut at 200 laps, finite for omweso: pit " + (m.getPit() + 1) + " in\n" + yaml);
                continue;
            }
            String want = Json.compact(o.get("board_after"));
            String got = "[" + gridCompact(after.getBoard()).replace("][", "],[") + "]";
            if (never || !want.equals(got)) {
                differences++;
                System.out.println("difference: pit " + (m.getPit() + 1) + ": framework " + got + ", omweso " + want + " in\n" + yaml);
            }
        }
    }

    static String run(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            in.transferTo(b);
            out = b.toString(StandardCharsets.UTF_8);
        }
        int rc = p.waitFor();
        if (rc != 0) throw new IllegalStateException(String.join(" ", cmd) + " failed (" + rc + ")");
        return out;
    }

    /** Just enough JSON for the command line's answers. */
    static final class Json {
        final String s;
        int i = 0;

        Json(String s) { this.s = s; }

        static Object parse(String s) { return new Json(s).value(); }

        static String compact(Object o) {
            if (o == null) return "null";
            if (o instanceof List<?> l) {
                StringBuilder b = new StringBuilder("[");
                for (int k = 0; k < l.size(); k++) b.append(k > 0 ? "," : "").append(compact(l.get(k)));
                return b.append("]").toString();
            }
            if (o instanceof Map<?, ?> m) {
                StringBuilder b = new StringBuilder("{");
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    b.append(first ? "" : ",").append('"').append(e.getKey()).append("\":").append(compact(e.getValue()));
                    first = false;
                }
                return b.append("}").toString();
            }
            if (o instanceof String t) return '"' + t + '"';
            if (o instanceof Double dd && dd == Math.rint(dd)) return Long.toString(dd.longValue());
            return o.toString();
        }

        void ws() { while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++; }

        Object value() {
            ws();
            char c = s.charAt(i);
            if (c == '{') {
                i++;
                Map<String, Object> m = new LinkedHashMap<>();
                ws();
                if (s.charAt(i) == '}') { i++; return m; }
                while (true) {
                    ws();
                    String k = (String) value();
                    ws();
                    i++; // ':'
                    m.put(k, value());
                    ws();
                    if (s.charAt(i++) == '}') return m;
                }
            }
            if (c == '[') {
                i++;
                List<Object> l = new ArrayList<>();
                ws();
                if (s.charAt(i) == ']') { i++; return l; }
                while (true) {
                    l.add(value());
                    ws();
                    if (s.charAt(i++) == ']') return l;
                }
            }
            if (c == '"') {
                StringBuilder b = new StringBuilder();
                i++;
                while (s.charAt(i) != '"') {
                    if (s.charAt(i) == '\\') i++;
                    b.append(s.charAt(i++));
                }
                i++;
                return b.toString();
            }
            if (s.startsWith("true", i)) { i += 4; return Boolean.TRUE; }
            if (s.startsWith("false", i)) { i += 5; return Boolean.FALSE; }
            if (s.startsWith("null", i)) { i += 4; return null; }
            int j = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
            return Double.parseDouble(s.substring(j, i));
        }
    }
}
