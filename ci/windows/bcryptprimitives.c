/* Wine 8 (Debian 12) has no bcryptprimitives.dll, whose ProcessPrng Rust's
 * std calls for random bytes on Windows. This stand-in, put beside the
 * .exe under test, answers it with RtlGenRandom (advapi32's
 * SystemFunction036), which Wine has. CI only: never shipped. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
