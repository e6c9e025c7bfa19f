#ifndef TRAKX_CSQLITE_SHIM_H
#define TRAKX_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro around a cast of -1, which does not import into Swift.
static inline sqlite3_destructor_type _Nullable csqlite_transient(void) { return SQLITE_TRANSIENT; }

/// Binds text with SQLITE_TRANSIENT so SQLite copies the bytes before Swift frees them.
static inline int csqlite_bind_text(sqlite3_stmt *_Nonnull stmt, int index, const char *_Nonnull text, int length) {
    return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}

#endif
